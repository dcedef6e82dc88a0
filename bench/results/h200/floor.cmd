./build/gsync-bench floor --format csv
