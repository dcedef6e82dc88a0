compute-sanitizer --tool racecheck build/gsync-bench server stress --configs 2 --ops 2 --timeout 60 (memcheck and synccheck: 0 errors)
