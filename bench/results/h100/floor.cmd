gsync-bench floor --format csv
