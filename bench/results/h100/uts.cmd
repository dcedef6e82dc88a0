gsync-bench app uts --root 200000 --stack 262144 --repeat 5 --format csv
