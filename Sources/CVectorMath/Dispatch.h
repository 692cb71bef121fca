// How the batch kernels are compiled: three times (AVX-512, AVX2 with FMA, baseline
// x86-64), the best for the CPU chosen when the library loads. Private to the target.
#ifndef GCVM_DISPATCH_H
#define GCVM_DISPATCH_H

// target_clones needs an ELF loader's ifunc (Linux); elsewhere the baseline build runs.
#if defined(__x86_64__) && defined(__clang__) && defined(__ELF__)
#define DISPATCHED __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define DISPATCHED
#endif

#endif
