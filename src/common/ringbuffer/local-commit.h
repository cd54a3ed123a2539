/*
 * CPU-local updates of a stream's shared words without a locked
 * instruction, when the thread runs on the stream's own CPU: adding to a
 * slot's commit word (rb_local_commit) and compare-and-store of the
 * stream's write offset (rb_local_cas). A restartable sequence (rseq(2),
 * registered by glibc) checks the CPU and ends with the store; the
 * kernel restarts it at the abort label if the thread is preempted,
 * migrated or signalled before that store. Every writer of the word is
 * then on that CPU and none interrupts another's read-modify-store, so
 * the plain store is as good as an atomic one, at a fraction of its cost.
 *
 * Commits elsewhere (a thread migrated since its reservation, the
 * consumer daemon's switch and recovery, processes without rseq) add to
 * the slot's commit_remote word with a locked instruction instead; see
 * producer.c ("COMMIT") for how the two meet, ("WITHOUT MEMBARRIER")
 * for a stream whose commits must all be atomic (the sequence checks
 * a flag), and ("RESERVE") for who may write the offset. x86-64 only:
 * elsewhere, and under ThreadSanitizer (which cannot see the store), every
 * commit takes the remote path and every reservation is atomic.
 */
#ifndef RINGBUFFER_LOCAL_COMMIT_H
#define RINGBUFFER_LOCAL_COMMIT_H

#include <stdbool.h>
#include <stdint.h>

#if defined(__x86_64__) && !defined(__SANITIZE_THREAD__) &&                    \
	defined(__GLIBC_PREREQ)
#if __GLIBC_PREREQ(2, 35)
#define RB_HAVE_LOCAL_COMMIT 1
#endif
#endif

/*
 * Whether this process commits and reserves CPU-locally (a reservation's
 * sequence only runs where the membarrier of a flip to atomic reaches:
 * producer.c, RESERVE): set once by rb_local_commit_enable(), cleared
 * only in a fork child that cannot register again.
 */
extern bool rb_local_commit_enabled;

/*
 * Turns CPU-local commits on in this process if the kernel and libc
 * allow them (rseq registered by glibc, and membarrier's global
 * expedited command, which remote committers use to order themselves
 * against local ones). Returns whether they are on. A fork child
 * registers with membarrier again, or turns them off. Thread-safe.
 */
bool rb_local_commit_enable(void);

/*
 * Makes every CPU-local commit of every process that enabled them
 * visible to the caller, and the caller's earlier stores visible to
 * those committers' later loads (membarrier(2), global expedited).
 * Returns whether it did: false when this thread may not run that
 * command (a seccomp filter or a sandbox denies membarrier, from the
 * start or since), and from then on for this thread, which producer.c
 * ("COMMIT") must then order another way.
 */
bool rb_local_commit_fence(void);

/* What rb_local_cas did. */
enum rb_local_cas_result {
	RB_LOCAL_CAS_DONE,	/* *word was expect; it is now desired */
	RB_LOCAL_CAS_CHANGED,	/* *word differed, or the sequence aborted */
	RB_LOCAL_CAS_ELSEWHERE, /* not on CPU `cpu` (or no local updates) */
	/*
	 * On CPU `cpu` but *atomic_only set: the thread read it nonzero
	 * while running on that CPU, in the sequence (producer.c, RESERVE,
	 * uses that as a proof).
	 */
	RB_LOCAL_CAS_ATOMIC_ONLY,
};

#ifdef RB_HAVE_LOCAL_COMMIT
#include <sys/rseq.h>

/* The signature glibc registers with rseq on x86 (RSEQ_SIG). */
#define RB_RSEQ_SIG 0x53053053

/*
 * The assembly text around the instructions of each restartable
 * sequence below. RB_RSEQ_BEGIN: the sequence's descriptor (start at
 * label 1, length up to label 2, abort handler at label 4) in section
 * __rseq_cs, and its address stored in the thread's rseq area; the
 * sequence follows. RB_RSEQ_END(label): the end of the sequence, then
 * the abort handler, after the signature the kernel checks, which jumps
 * to the asm goto label named. Both use the operands rs, cs_off and sig.
 */
#define RB_RSEQ_BEGIN                                                          \
	".pushsection __rseq_cs, \"aw\"\n\t"                                   \
	".balign 32\n\t"                                                       \
	"3:\n\t"                                                               \
	".long 0x0, 0x0\n\t"                                                   \
	".quad 1f, (2f - 1f), 4f\n\t"                                          \
	".popsection\n\t"                                                      \
	"leaq 3b(%%rip), %%rax\n\t"                                            \
	"movq %%rax, %c[cs_off](%[rs])\n\t"                                    \
	"1:\n\t"
#define RB_RSEQ_END(abort_label)                                               \
	"2:\n\t"                                                               \
	".pushsection __rseq_failure, \"ax\"\n\t"                              \
	".byte 0x0f, 0xb9, 0x3d\n\t"                                           \
	".long %c[sig]\n\t"                                                    \
	"4:\n\t"                                                               \
	"jmp %l[" abort_label "]\n\t"                                          \
	".popsection\n\t"

/*
 * *word += add, in a restartable sequence that requires the calling
 * thread to be on CPU `cpu` and *atomic_only to be 0 (the stream's
 * commits are not all atomic yet). Returns true when done; false when
 * the thread is on another CPU, *atomic_only is set or the thread was
 * interrupted (nothing was written).
 */
static inline __attribute__((always_inline)) bool
rb_local_commit(uint64_t *word, uint32_t cpu, const uint64_t *atomic_only,
		uint64_t add)
{
	struct rseq *rs = (struct rseq *)((char *)__builtin_thread_pointer() +
					  __rseq_offset);

	__asm__ goto(
		RB_RSEQ_BEGIN
		"cmpl %[cpu], %c[cpu_off](%[rs])\n\t"
		"jnz 4f\n\t"
		"cmpq $0, (%[atomic_only])\n\t"
		"jnz 4f\n\t"
		"movq (%[word]), %%rax\n\t"
		"addq %[add], %%rax\n\t"
		"movq %%rax, (%[word])\n\t" /* the commit: last instruction */
		RB_RSEQ_END("aborted")
		:
		: [rs] "r"(rs), [cpu] "r"(cpu), [word] "r"(word),
		  [atomic_only] "r"(atomic_only), [add] "r"(add),
		  [cs_off] "i"(__builtin_offsetof(struct rseq, rseq_cs)),
		  [cpu_off] "i"(__builtin_offsetof(struct rseq, cpu_id)),
		  [sig] "i"(RB_RSEQ_SIG)
		: "rax", "cc", "memory"
		: aborted);
	return true;
aborted:
	return false;
}

/*
 * If the calling thread is on CPU `cpu`, *atomic_only is 0 and *word is
 * `expect`: stores `desired` in *word, in a restartable sequence.
 */
static inline __attribute__((always_inline)) enum rb_local_cas_result
rb_local_cas(uint64_t *word, uint32_t cpu, const uint64_t *atomic_only,
	     uint64_t expect, uint64_t desired)
{
	struct rseq *rs = (struct rseq *)((char *)__builtin_thread_pointer() +
					  __rseq_offset);

	__asm__ goto(RB_RSEQ_BEGIN
		     "cmpl %[cpu], %c[cpu_off](%[rs])\n\t"
		     "jnz %l[elsewhere]\n\t"
		     "cmpq $0, (%[atomic_only])\n\t"
		     "jnz %l[atomic]\n\t"
		     "cmpq %[expect], (%[word])\n\t"
		     "jnz %l[changed]\n\t"
		     "movq %[desired], (%[word])\n\t" /* the store: last */
		     RB_RSEQ_END("changed")
		     :
		     : [rs] "r"(rs), [cpu] "r"(cpu), [word] "r"(word),
		       [atomic_only] "r"(atomic_only), [expect] "r"(expect),
		       [desired] "r"(desired),
		       [cs_off] "i"(__builtin_offsetof(struct rseq, rseq_cs)),
		       [cpu_off] "i"(__builtin_offsetof(struct rseq, cpu_id)),
		       [sig] "i"(RB_RSEQ_SIG)
		     : "rax", "cc", "memory"
		     : elsewhere, atomic, changed);
	return RB_LOCAL_CAS_DONE;
elsewhere:
	return RB_LOCAL_CAS_ELSEWHERE;
atomic:
	return RB_LOCAL_CAS_ATOMIC_ONLY;
changed:
	return RB_LOCAL_CAS_CHANGED;
}
#else
static inline bool rb_local_commit(uint64_t *word, uint32_t cpu,
				   const uint64_t *atomic_only, uint64_t add)
{
	(void)word;
	(void)cpu;
	(void)atomic_only;
	(void)add;
	return false;
}

static inline enum rb_local_cas_result
rb_local_cas(uint64_t *word, uint32_t cpu, const uint64_t *atomic_only,
	     uint64_t expect, uint64_t desired)
{
	(void)word;
	(void)cpu;
	(void)atomic_only;
	(void)expect;
	(void)desired;
	return RB_LOCAL_CAS_ELSEWHERE;
}
#endif

#endif /* RINGBUFFER_LOCAL_COMMIT_H */
