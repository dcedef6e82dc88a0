gsync-bench app all --format csv
