# a config.json that is a Git LFS pointer (a clone without git-lfs): said so
"$VRAMPLAN" import tests/data/hostile/git-lfs-pointer.json
