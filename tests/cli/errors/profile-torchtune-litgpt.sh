# torchtune and litgpt train from configs of their own, not
# TrainingArguments, so no plan prints their keys: --profile naming either
# (in any case, litgpt's old name lit-gpt too) is an input error that says
# so and points at `vramplan check`, which reads those configs and gives the
# estimate command their keys amount to. Before 2026-12-02 it was an
# unknown profile followed by the list of the others, as for a typo.
"$VRAMPLAN" --model mt5 --gpu rtx3090 --profile torchtune
echo "exit $?"
"$VRAMPLAN" estimate --model mt5 --gpu rtx3090 --batch 1 --profile LitGPT
echo "exit $?"
