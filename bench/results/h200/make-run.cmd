make run    # on a fresh H200 machine: configure (sm_80, sm_90), build, ./build/gsync-bench --device 0
