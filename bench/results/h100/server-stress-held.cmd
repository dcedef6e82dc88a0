gsync-bench server stress --way brokenHeldSend --configs 60 --timeout 2 --format csv
