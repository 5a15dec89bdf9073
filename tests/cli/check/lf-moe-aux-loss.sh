# LLaMA-Factory's moe_aux_loss_coef turns on the load-balancing loss of a
# Qwen3-MoE model (the setup note says so, the peak grows); at 0 it is off
"$VRAMPLAN" check -v --gpu h200 tests/data/check/lf-moe-aux-loss.yaml
sed 's/^moe_aux_loss_coef: 0.001$/moe_aux_loss_coef: 0/' tests/data/check/lf-moe-aux-loss.yaml | "$VRAMPLAN" check --gpu h200 -
