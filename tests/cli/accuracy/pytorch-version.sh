# A case may state its PyTorch (an extension of the shared schema): on 2.x
# the gradients are freed between steps, on 1.x they are kept, and a case
# with eager attention and no version is read as 1.x (docs/memory-model.md
# "Which PyTorch"). The three estimates of one measured run, in GiB.
"$VRAMPLAN_ACCURACY" --cases tests/data/cases/pytorch-version.yaml | awk '/^BERTL/ { print $1, $4, $5 }'
