rm -rf build && make run    # on an H200 lease, after the sweeps of the same day: configure (sm_80, sm_90), build, ./build/gsync-bench --device 0
