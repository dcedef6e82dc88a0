gsync-bench plain --repeat 9 --format csv
