gsync-bench app uts --spread 1 --root 200000 --stack 262144 --repeat 5 --format csv
