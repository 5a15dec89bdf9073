# PEFT stops when none of target_modules is a module of the model; so does
# the plan, naming the model's linears (GPT-NeoX fuses q, k and v).
"$VRAMPLAN" plan --model polyglot-ko-12.8b --gpu a100-80gb --method lora --lora-targets q_proj,v_proj
