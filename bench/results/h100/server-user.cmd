tests/server_user_expect.sh build/server_example server-user.csv
