gsync-bench run relaxed --format csv
