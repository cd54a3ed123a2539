/*
 * <lttng/ust-arch.h>: the architecture the program is compiled for, as
 * LTTng-UST names it: one or more LTTNG_UST_ARCH_<NAME> defined to 1
 * (LTTNG_UST_ARCH_UNKNOWN when none applies), and
 * LTTNG_UST_ARCH_HAS_EFFICIENT_UNALIGNED_ACCESS where unaligned loads
 * and stores cost no more than aligned ones (x86), which lets the ring
 * buffer pack fields without padding.
 */
#ifndef LTTNG_UST_ARCH_H
#define LTTNG_UST_ARCH_H

#if defined(__x86_64__) || defined(__amd64__)
#define LTTNG_UST_ARCH_X86 1
#define LTTNG_UST_ARCH_AMD64 1
#if defined(__MIC__)
#define LTTNG_UST_ARCH_K1OM 1
#endif
#elif defined(__i386__) || defined(__i486__) || defined(__i586__) ||           \
	defined(__i686__)
#define LTTNG_UST_ARCH_X86 1
#define LTTNG_UST_ARCH_I386 1
#elif defined(__powerpc64__) || defined(__ppc64__)
#define LTTNG_UST_ARCH_PPC 1
#define LTTNG_UST_ARCH_PPC64 1
#elif defined(__powerpc__) || defined(__ppc__)
#define LTTNG_UST_ARCH_PPC 1
#elif defined(__s390__) || defined(__s390x__)
#define LTTNG_UST_ARCH_S390 1
#elif defined(__sparc__) && defined(__arch64__)
#define LTTNG_UST_ARCH_SPARC64 1
#elif defined(__alpha__)
#define LTTNG_UST_ARCH_ALPHA 1
#elif defined(__ia64__)
#define LTTNG_UST_ARCH_IA64 1
#elif defined(__aarch64__)
#define LTTNG_UST_ARCH_AARCH64 1
#elif defined(__arm__)
#define LTTNG_UST_ARCH_ARM 1
#if defined(__ARM_ARCH) && __ARM_ARCH >= 7
#define LTTNG_UST_ARCH_ARMV7 1
#endif
#elif defined(__mips__)
#define LTTNG_UST_ARCH_MIPS 1
#elif defined(__nios2__)
#define LTTNG_UST_ARCH_NIOS2 1
#elif defined(__tilegx__) || defined(__tile__)
#define LTTNG_UST_ARCH_TILE 1
#elif defined(__hppa__)
#define LTTNG_UST_ARCH_HPPA 1
#elif defined(__m68k__)
#define LTTNG_UST_ARCH_M68K 1
#elif defined(__riscv)
#define LTTNG_UST_ARCH_RISCV 1
#else
#define LTTNG_UST_ARCH_UNKNOWN 1
#endif

#if defined(LTTNG_UST_ARCH_X86)
#define LTTNG_UST_ARCH_HAS_EFFICIENT_UNALIGNED_ACCESS 1
#endif

#endif /* LTTNG_UST_ARCH_H */
