./build/gsync-bench run spinMutex,spinMutexEBO,faMutex,sleepMutex,ticketMutex,arrayMutex --tbs-per-sm 1,2,4,8,16,32 --format csv
