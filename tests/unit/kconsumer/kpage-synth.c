/*
 * Implementation of kpage-synth.h.
 */
#include <string.h>

#include "kpage-synth.h"

#define RB_MISSED_EVENTS (1ULL << 31)
#define RB_MISSED_STORED (1ULL << 30)
#define TYPE_LEN_MAX_WORDS 28

const char kpage_sched_switch_format[] =
	"name: sched_switch\n"
	"ID: 372\n"
	"format:\n"
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\t"
	"signed:0;\n"
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
	"\n"
	"\tfield:char prev_comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
	"\tfield:pid_t prev_pid;\toffset:24;\tsize:4;\tsigned:1;\n"
	"\tfield:int prev_prio;\toffset:28;\tsize:4;\tsigned:1;\n"
	"\tfield:long prev_state;\toffset:32;\tsize:8;\tsigned:1;\n"
	"\tfield:char next_comm[16];\toffset:40;\tsize:16;\tsigned:0;\n"
	"\tfield:pid_t next_pid;\toffset:56;\tsize:4;\tsigned:1;\n"
	"\tfield:int next_prio;\toffset:60;\tsize:4;\tsigned:1;\n"
	"\n"
	"print fmt: \"prev_comm=%s\", REC->prev_comm\n";

const char kpage_sched_exec_format[] =
	"name: sched_process_exec\n"
	"ID: 369\n"
	"format:\n"
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\t"
	"signed:0;\n"
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
	"\n"
	"\tfield:__data_loc char[] filename;\toffset:8;\tsize:4;\tsigned:0;\n"
	"\tfield:pid_t pid;\toffset:12;\tsize:4;\tsigned:1;\n"
	"\tfield:pid_t old_pid;\toffset:16;\tsize:4;\tsigned:1;\n"
	"\n"
	"print fmt: \"filename=%s\", __get_str(filename)\n";

const char kpage_sys_enter_openat_format[] =
	"name: sys_enter_openat\n"
	"ID: 782\n"
	"format:\n"
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\t"
	"signed:0;\n"
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
	"\n"
	"\tfield:int __syscall_nr;\toffset:8;\tsize:4;\tsigned:1;\n"
	"\tfield:int dfd;\toffset:16;\tsize:8;\tsigned:0;\n"
	"\tfield:const char * filename;\toffset:24;\tsize:8;\tsigned:0;\n"
	"\tfield:int flags;\toffset:32;\tsize:8;\tsigned:0;\n"
	"\tfield:umode_t mode;\toffset:40;\tsize:8;\tsigned:0;\n"
	"\n"
	"print fmt: \"dfd: 0x%08lx\", ((unsigned long)(REC->dfd))\n";

const struct tracefs_page_layout kpage_layout = {
	.timestamp_offset = 0,
	.commit_offset = 8,
	.commit_size = 8,
	.data_offset = KPAGE_DATA_OFFSET,
	.page_size = KPAGE_SIZE,
};

void kpage_init(struct kpage *page)
{
	memset(page->bytes, 0, sizeof(page->bytes));
	page->pos = 0;
}

static void put_u32(struct kpage *page, uint32_t v)
{
	memcpy(page->bytes + KPAGE_DATA_OFFSET + page->pos, &v, 4);
	page->pos += 4;
}

int kpage_add(struct kpage *page, uint32_t delta, const void *record,
	      size_t len)
{
	size_t words = len / 4;
	size_t need = len + (words <= TYPE_LEN_MAX_WORDS ? 4 : 8);

	/* Keep 8 bytes for a stored lost-events count. */
	if (page->pos + need + 8 > KPAGE_SIZE - KPAGE_DATA_OFFSET)
		return -1;
	if (words <= TYPE_LEN_MAX_WORDS) {
		put_u32(page, (delta << 5) | (uint32_t)words);
	} else {
		put_u32(page, delta << 5);
		put_u32(page, (uint32_t)len + 4);
	}
	memcpy(page->bytes + KPAGE_DATA_OFFSET + page->pos, record, len);
	page->pos += len;
	return 0;
}

void kpage_finish(struct kpage *page, uint64_t timestamp, uint64_t lost)
{
	uint64_t commit = page->pos;

	if (lost) {
		commit |= RB_MISSED_EVENTS | RB_MISSED_STORED;
		memcpy(page->bytes + KPAGE_DATA_OFFSET + page->pos, &lost, 8);
	}
	memcpy(page->bytes, &timestamp, 8);
	memcpy(page->bytes + 8, &commit, 8);
}

static void put_common(uint8_t *out, uint16_t type, int32_t tid)
{
	memset(out, 0, 8);
	memcpy(out, &type, 2);
	memcpy(out + 4, &tid, 4);
}

static void put_comm(uint8_t *out, const char *comm)
{
	memset(out, 0, 16);
	strncpy((char *)out, comm, 15);
}

size_t kpage_sched_switch(uint8_t *out, int32_t prev_tid, const char *prev,
			  int32_t prev_prio, int64_t prev_state,
			  int32_t next_tid, const char *next, int32_t next_prio)
{
	put_common(out, KPAGE_ID_SCHED_SWITCH, prev_tid);
	put_comm(out + 8, prev);
	memcpy(out + 24, &prev_tid, 4);
	memcpy(out + 28, &prev_prio, 4);
	memcpy(out + 32, &prev_state, 8);
	put_comm(out + 40, next);
	memcpy(out + 56, &next_tid, 4);
	memcpy(out + 60, &next_prio, 4);
	return 64;
}

size_t kpage_sched_exec(uint8_t *out, int32_t tid, const char *filename)
{
	uint32_t len = (uint32_t)strlen(filename) + 1;
	uint32_t loc = (len << 16) | 20;
	size_t size = (20 + len + 3) & ~(size_t)3;

	memset(out, 0, size);
	put_common(out, KPAGE_ID_SCHED_EXEC, tid);
	memcpy(out + 8, &loc, 4);
	memcpy(out + 12, &tid, 4);
	memcpy(out + 16, &tid, 4);
	memcpy(out + 20, filename, len);
	return size;
}

size_t kpage_sys_enter_openat(uint8_t *out, int32_t tid, int64_t dfd,
			      uint64_t filename, uint64_t flags)
{
	int32_t nr = 257;
	uint64_t mode = 0;

	memset(out, 0, 48);
	put_common(out, KPAGE_ID_SYS_ENTER_OPENAT, tid);
	memcpy(out + 8, &nr, 4);
	memcpy(out + 16, &dfd, 8);
	memcpy(out + 24, &filename, 8);
	memcpy(out + 32, &flags, 8);
	memcpy(out + 40, &mode, 8);
	return 48;
}
