SAN_TOOLS='memcheck synccheck' tools/sanitize.sh OUT   # gsync-bench run PRIM --tbs 8 --iters 3 --repeat 1 --timeout 5 under compute-sanitizer, every primitive
