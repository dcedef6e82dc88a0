gsync-bench decompose --format csv
