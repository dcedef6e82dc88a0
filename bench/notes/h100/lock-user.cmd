tests/lock_user_expect.sh build/lock_example lock-user.csv
