# torchao's AdamW8bit and AdamW4bit (adamw-8bit-ao, adamw-4bit): transformers
# builds them only on a PyTorch after 2.4 (trainer_optimizer.py
# _get_torchao_optimizer raises ImportError "You need to have torch>2.4"),
# so 1.x and 2.0 are input errors, as adamw-fused on 1.x is. The 2.1-2.4
# era may be 2.4.1, which passes transformers' test: planned.
"$VRAMPLAN" --model qwen2.5-0.5b --gpu rtx4090 --torch-version 2.0.1 --optimizer adamw-4bit
"$VRAMPLAN" --model qwen2.5-0.5b --gpu rtx4090 --torch-version 2.4.1 --optimizer adamw-4bit -q >/dev/null
echo "2.4.1: exit $?"
"$VRAMPLAN" estimate --model qwen2.5-0.5b --gpu rtx4090 --batch 1 --torch-version 1.13 --optimizer adamw_torch_8bit
