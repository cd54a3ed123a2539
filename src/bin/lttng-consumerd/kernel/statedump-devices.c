/*
 * The system part of the state dump (statedump.h), from /sys and /proc:
 *
 *   interrupts          /sys/kernel/irq/<irq>/{chip_name,actions}, one
 *                       event per action, by irq number; tid: the
 *                       action's kernel thread (irq/<irq>-<action>) when
 *                       the interrupt is threaded, else 0
 *   network interfaces  getifaddrs() of the consumer's (initial) network
 *                       namespace: one event per IPv4 address of an
 *                       interface that is up, one with address 0 for an
 *                       interface that is down
 *   block devices       /sys/block/<disk> and its partitions of non-zero
 *                       size: dev (the kernel's dev_t, major << 20 |
 *                       minor) and name
 *   CPU topology (x86)  /proc/cpuinfo, one event per CPU listed there
 */
#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "statedump.h"

#define COMM_LEN 16
#define MAX_IRQS 4096
#define KERNEL_MINOR_BITS 20

static int read_line(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	buf[0] = '\0';
	if (fd < 0)
		return -errno;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n < 0)
		return -EIO;
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

/* The thread of a threaded interrupt's action: comm irq/<irq>-<name>. */
static int32_t irq_thread(unsigned int irq, const char *action)
{
	char wanted[300], path[300], comm[64];
	struct dirent *de;
	int32_t tid = 0;
	DIR *proc;

	snprintf(wanted, sizeof(wanted), "irq/%u-%s", irq, action);
	wanted[COMM_LEN - 1] = '\0';
	proc = opendir("/proc");
	if (!proc)
		return 0;
	while (!tid && (de = readdir(proc))) {
		if (de->d_name[0] < '0' || de->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/comm", de->d_name);
		if (!read_line(path, comm, sizeof(comm)) &&
		    !strcmp(comm, wanted))
			tid = (int32_t)strtol(de->d_name, NULL, 10);
	}
	closedir(proc);
	return tid;
}

static int emit_irq_actions(const struct statedump_sink *sink, unsigned int irq)
{
	char path[128], chip[256], actions[1024], *action, *save = NULL;
	struct statedump_payload p;
	int ret = 0;

	snprintf(path, sizeof(path), "/sys/kernel/irq/%u/actions", irq);
	if (read_line(path, actions, sizeof(actions)) || !actions[0])
		return 0; /* no handler */
	snprintf(path, sizeof(path), "/sys/kernel/irq/%u/chip_name", irq);
	if (read_line(path, chip, sizeof(chip)) || !chip[0])
		snprintf(chip, sizeof(chip), "unnamed_irq_chip");
	for (action = strtok_r(actions, ",", &save); !ret && action;
	     action = strtok_r(NULL, ",", &save)) {
		statedump_payload_reset(&p);
		statedump_payload_int(&p, irq, 4);
		statedump_payload_string(&p, chip);
		statedump_payload_string(&p, action);
		statedump_payload_int(
			&p, (uint64_t)(int64_t)irq_thread(irq, action), 4);
		ret = sink->emit(sink->arg, STATEDUMP_INTERRUPT, &p);
	}
	return ret;
}

static int compare_uint(const void *a, const void *b)
{
	unsigned int x = *(const unsigned int *)a, y = *(const unsigned int *)b;

	return x < y ? -1 : x > y;
}

int statedump_interrupts(const struct statedump_sink *sink)
{
	static unsigned int irqs[MAX_IRQS];
	struct dirent *de;
	size_t count = 0, i;
	DIR *dir;
	int ret = 0;

	if (!statedump_set_has(sink->events, STATEDUMP_INTERRUPT))
		return 0;
	dir = opendir("/sys/kernel/irq");
	if (!dir)
		return 0;
	while ((de = readdir(dir)) && count < MAX_IRQS) {
		if (de->d_name[0] >= '0' && de->d_name[0] <= '9')
			irqs[count++] =
				(unsigned int)strtoul(de->d_name, NULL, 10);
	}
	closedir(dir);
	qsort(irqs, count, sizeof(irqs[0]), compare_uint);
	for (i = 0; !ret && i < count; i++)
		ret = emit_irq_actions(sink, irqs[i]);
	return ret;
}

static int emit_interface(const struct statedump_sink *sink, const char *name,
			  const struct in_addr *address)
{
	struct statedump_payload p;
	struct in_addr none = {0};

	statedump_payload_reset(&p);
	statedump_payload_string(&p, name);
	statedump_payload_bytes(&p, address ? address : &none, 4);
	return sink->emit(sink->arg, STATEDUMP_NETWORK_INTERFACE, &p);
}

/* Whether an address entry's label (eth0 or eth0:1) is device name's. */
static bool label_of(const char *label, const char *name)
{
	size_t len = strlen(name);

	return !strncmp(label, name, len) &&
	       (label[len] == '\0' || label[len] == ':');
}

static int emit_device_addresses(const struct statedump_sink *sink,
				 const struct ifaddrs *all,
				 const struct ifaddrs *dev)
{
	const struct ifaddrs *a;
	int ret = 0;

	if (!(dev->ifa_flags & IFF_UP))
		return emit_interface(sink, dev->ifa_name, NULL);
	for (a = all; !ret && a; a = a->ifa_next) {
		if (a->ifa_addr && a->ifa_addr->sa_family == AF_INET &&
		    label_of(a->ifa_name, dev->ifa_name))
			ret = emit_interface(
				sink, dev->ifa_name,
				&((const struct sockaddr_in *)(const void *)
					  a->ifa_addr)
					 ->sin_addr);
	}
	return ret;
}

int statedump_network_interfaces(const struct statedump_sink *sink)
{
	struct ifaddrs *all, *dev;
	int ret = 0;

	if (!statedump_set_has(sink->events, STATEDUMP_NETWORK_INTERFACE))
		return 0;
	if (getifaddrs(&all))
		return 0;
	/* One AF_PACKET entry per device, in the kernel's order. */
	for (dev = all; !ret && dev; dev = dev->ifa_next) {
		if (dev->ifa_addr && dev->ifa_addr->sa_family == AF_PACKET)
			ret = emit_device_addresses(sink, all, dev);
	}
	freeifaddrs(all);
	return ret;
}

/* One block device (sysfs directory dir) when it has a size. */
static int emit_block_device(const struct statedump_sink *sink, const char *dir,
			     const char *name)
{
	char path[600], text[64];
	unsigned int major, minor;
	struct statedump_payload p;

	snprintf(path, sizeof(path), "%s/size", dir);
	if (read_line(path, text, sizeof(text)) || !strtoull(text, NULL, 10))
		return 0;
	snprintf(path, sizeof(path), "%s/dev", dir);
	if (read_line(path, text, sizeof(text)) ||
	    sscanf(text, "%u:%u", &major, &minor) != 2)
		return 0;
	statedump_payload_reset(&p);
	statedump_payload_int(&p, (major << KERNEL_MINOR_BITS) | minor, 4);
	statedump_payload_string(&p, name);
	return sink->emit(sink->arg, STATEDUMP_BLOCK_DEVICE, &p);
}

/* A disk, then its partitions (subdirectories with a partition file). */
static int emit_disk(const struct statedump_sink *sink, const char *disk)
{
	char dir[300], part[600], probe[700];
	struct dirent *de;
	DIR *d;
	int ret;

	snprintf(dir, sizeof(dir), "/sys/block/%s", disk);
	ret = emit_block_device(sink, dir, disk);
	d = opendir(dir);
	while (!ret && d && (de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(part, sizeof(part), "%s/%s", dir, de->d_name);
		snprintf(probe, sizeof(probe), "%s/partition", part);
		if (!access(probe, F_OK))
			ret = emit_block_device(sink, part, de->d_name);
	}
	if (d)
		closedir(d);
	return ret;
}

int statedump_block_devices(const struct statedump_sink *sink)
{
	struct dirent *de;
	DIR *dir;
	int ret = 0;

	if (!statedump_set_has(sink->events, STATEDUMP_BLOCK_DEVICE))
		return 0;
	dir = opendir("/sys/block");
	if (!dir)
		return 0;
	while (!ret && (de = readdir(dir))) {
		if (de->d_name[0] != '.')
			ret = emit_disk(sink, de->d_name);
	}
	closedir(dir);
	return ret;
}

/* One CPU's facts from its /proc/cpuinfo block. */
struct cpu_facts {
	bool seen;
	unsigned long cpu_id, family, model, physical_id, core_id, cores;
	char vendor[64];
	char model_name[256];
};

static int emit_cpu(const struct statedump_sink *sink,
		    const struct cpu_facts *cpu)
{
	struct statedump_payload p;

	if (!cpu->seen)
		return 0;
	statedump_payload_reset(&p);
	statedump_payload_string(&p, "x86");
	statedump_payload_int(&p, cpu->cpu_id, 2);
	statedump_payload_string(&p, cpu->vendor[0] ? cpu->vendor : "unknown");
	statedump_payload_int(&p, cpu->family, 1);
	statedump_payload_int(&p, cpu->model, 1);
	statedump_payload_string(&p, cpu->model_name[0] ? cpu->model_name
							: "unknown");
	statedump_payload_int(&p, cpu->physical_id, 2);
	statedump_payload_int(&p, cpu->core_id, 2);
	statedump_payload_int(&p, cpu->cores, 2);
	return sink->emit(sink->arg, STATEDUMP_CPU_TOPOLOGY, &p);
}

/* The value of a "key\t: value" line (newline removed). */
static const char *cpuinfo_value(char *line)
{
	char *colon = strchr(line, ':');

	if (!colon)
		return "";
	colon++;
	while (*colon == ' ')
		colon++;
	colon[strcspn(colon, "\n")] = '\0';
	return colon;
}

static void cpuinfo_line(char *line, struct cpu_facts *cpu)
{
	const char *value = cpuinfo_value(line);

	if (!strncmp(line, "vendor_id", 9))
		snprintf(cpu->vendor, sizeof(cpu->vendor), "%s", value);
	else if (!strncmp(line, "cpu family", 10))
		cpu->family = strtoul(value, NULL, 10);
	else if (!strncmp(line, "model name", 10))
		snprintf(cpu->model_name, sizeof(cpu->model_name), "%s", value);
	else if (!strncmp(line, "model\t", 6))
		cpu->model = strtoul(value, NULL, 10);
	else if (!strncmp(line, "physical id", 11))
		cpu->physical_id = strtoul(value, NULL, 10);
	else if (!strncmp(line, "core id", 7))
		cpu->core_id = strtoul(value, NULL, 10);
	else if (!strncmp(line, "cpu cores", 9))
		cpu->cores = strtoul(value, NULL, 10);
}

int statedump_cpu_topology(const struct statedump_sink *sink)
{
#if defined(__x86_64__) || defined(__i386__)
	struct cpu_facts cpu = {0};
	char line[1024];
	FILE *f;
	int ret = 0;

	if (!statedump_set_has(sink->events, STATEDUMP_CPU_TOPOLOGY))
		return 0;
	f = fopen("/proc/cpuinfo", "re");
	if (!f)
		return 0;
	while (!ret && fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "processor", 9)) {
			ret = emit_cpu(sink, &cpu);
			memset(&cpu, 0, sizeof(cpu));
			cpu.seen = true;
			cpu.cpu_id = strtoul(cpuinfo_value(line), NULL, 10);
		} else {
			cpuinfo_line(line, &cpu);
		}
	}
	if (!ret)
		ret = emit_cpu(sink, &cpu);
	fclose(f);
	return ret;
#else
	(void)sink; /* LTTng-modules records it on x86 only */
	return 0;
#endif
}
