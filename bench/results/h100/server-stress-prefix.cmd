gsync-bench server stress --timeout 1 --format csv (at commit 4528acd, before the send's fix: a warp published its lanes' messages only once every lane had room)
