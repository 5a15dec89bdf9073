# a head the architecture does not have is an input error at the key
"$VRAMPLAN" check --gpu a100-80gb tests/data/trainconfig/bad/head-not-in-architecture.yaml
