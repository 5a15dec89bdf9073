# A schema key whose value names nothing vramplan knows (attn
# flash_attention_3, quant awq, metric peak_rss, zero ddp, precision fp8)
# makes that case unsupported, with the key, value, line and column; the
# run goes on, scores the known case and exits 0 (ground truth README: a
# case the estimator cannot express counts as unsupported, with its reason).
"$VRAMPLAN_ACCURACY" --cases tests/data/cases/unknown-words.yaml
echo "exit $?"
