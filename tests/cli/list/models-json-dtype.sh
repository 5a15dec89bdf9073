# `list models --format json` gives each entry's stored dtype (the
# catalogue's dtype key, null where no config.json of the checkpoint with a
# torch_dtype was read; docs/catalogue.md lists them): how many of each
"$VRAMPLAN" list models --format json | grep '"dtype"' | sort | uniq -c | sed 's/^ *//'
