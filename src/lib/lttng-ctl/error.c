/*
 * lttng_strerror(): LTTng's message for each error code, indexed by the
 * code itself so that the table reads like the enumeration.
 */
#include <stdlib.h>

#include "ctl-internal.h"

static const char *const messages[LTTNG_ERR_NR] = {
	[LTTNG_OK] = "Success",
	[LTTNG_ERR_UNK] = "Unknown error",
	[LTTNG_ERR_UND] = "Undefined command",
	[LTTNG_ERR_SESSION_STARTED] = "Session is running",
	[LTTNG_ERR_UNKNOWN_DOMAIN] = "Unknown tracing domain",
	[LTTNG_ERR_NOT_SUPPORTED] = "Operation not supported",
	[LTTNG_ERR_NO_SESSION] = "No session found",
	[LTTNG_ERR_CREATE_DIR_FAIL] = "Create directory failed",
	[LTTNG_ERR_SESSION_FAIL] = "Create session failed",
	[LTTNG_ERR_NO_SESSIOND] = "No session daemon is available",
	[LTTNG_ERR_SET_URL] = "Error setting URL",
	[LTTNG_ERR_URL_EXIST] = "URL already exists",
	[LTTNG_ERR_BUFFER_NOT_SUPPORTED] = "Buffer type not supported",
	[LTTNG_ERR_SESS_NOT_FOUND] = "Session name not found",
	[LTTNG_ERR_BUFFER_TYPE_MISMATCH] = "Buffer type mismatch for session",
	[LTTNG_ERR_FATAL] = "Fatal error of the session daemon",
	[LTTNG_ERR_NOMEM] = "Not enough memory",
	[LTTNG_ERR_SELECT_SESS] = "A session MUST be selected",
	[LTTNG_ERR_EXIST_SESS] = "Session name already exists",
	[LTTNG_ERR_NO_EVENT] = "Event not found",
	[LTTNG_ERR_CONNECT_FAIL] = "Unable to connect to Unix socket",
	[LTTNG_ERR_SNAPSHOT_OUTPUT_EXIST] = "Snapshot output already exists",
	[LTTNG_ERR_EPERM] = "Permission denied",
	[LTTNG_ERR_KERN_NA] = "Kernel tracer not available",
	[LTTNG_ERR_KERN_VERSION] = "Kernel tracer version is not compatible",
	[LTTNG_ERR_KERN_EVENT_EXIST] = "Kernel event already exists",
	[LTTNG_ERR_KERN_SESS_FAIL] = "Kernel create session failed",
	[LTTNG_ERR_KERN_CHAN_EXIST] = "Kernel channel already exists",
	[LTTNG_ERR_KERN_CHAN_FAIL] = "Kernel create channel failed",
	[LTTNG_ERR_KERN_CHAN_NOT_FOUND] = "Kernel channel not found",
	[LTTNG_ERR_KERN_CHAN_DISABLE_FAIL] = "Disable kernel channel failed",
	[LTTNG_ERR_KERN_CHAN_ENABLE_FAIL] = "Enable kernel channel failed",
	[LTTNG_ERR_KERN_CONTEXT_FAIL] = "Add kernel context failed",
	[LTTNG_ERR_KERN_ENABLE_FAIL] = "Enable kernel event failed",
	[LTTNG_ERR_KERN_DISABLE_FAIL] = "Disable kernel event failed",
	[LTTNG_ERR_KERN_META_FAIL] = "Opening metadata failed",
	[LTTNG_ERR_KERN_START_FAIL] = "Starting kernel trace failed",
	[LTTNG_ERR_KERN_STOP_FAIL] = "Stopping kernel trace failed",
	[LTTNG_ERR_KERN_CONSUMER_FAIL] = "Kernel consumer start failed",
	[LTTNG_ERR_KERN_STREAM_FAIL] = "Kernel create stream failed",
	[LTTNG_ERR_START_SESSION_ONCE] = "Session needs to be started once",
	[LTTNG_ERR_SNAPSHOT_FAIL] = "Snapshot record failed",
	[LTTNG_ERR_NO_STREAM] = "Index without stream on relay",
	[LTTNG_ERR_KERN_LIST_FAIL] = "Listing kernel events failed",
	[LTTNG_ERR_UST_CALIBRATE_FAIL] = "UST calibration failed",
	[LTTNG_ERR_UST_EVENT_ENABLED] = "UST event already enabled",
	[LTTNG_ERR_UST_SESS_FAIL] = "UST create session failed",
	[LTTNG_ERR_UST_CHAN_EXIST] = "UST channel already exist",
	[LTTNG_ERR_UST_CHAN_FAIL] = "UST create channel failed",
	[LTTNG_ERR_UST_CHAN_NOT_FOUND] = "UST channel not found",
	[LTTNG_ERR_UST_CHAN_DISABLE_FAIL] = "Disable UST channel failed",
	[LTTNG_ERR_UST_CHAN_ENABLE_FAIL] = "Enable UST channel failed",
	[LTTNG_ERR_CHAN_EXIST] = "Channel already exists",
	[LTTNG_ERR_UST_ENABLE_FAIL] = "Enable UST event failed",
	[LTTNG_ERR_UST_DISABLE_FAIL] = "Disable UST event failed",
	[LTTNG_ERR_UST_META_FAIL] = "Opening metadata failed",
	[LTTNG_ERR_UST_START_FAIL] = "Starting UST trace failed",
	[LTTNG_ERR_UST_STOP_FAIL] = "Stopping UST trace failed",
	[LTTNG_ERR_UST_CONSUMER64_FAIL] = "64-bit UST consumer start failed",
	[LTTNG_ERR_UST_CONSUMER32_FAIL] = "32-bit UST consumer start failed",
	[LTTNG_ERR_UST_STREAM_FAIL] = "UST create stream failed",
	[LTTNG_ERR_SNAPSHOT_NODATA] = "No data available in snapshot",
	[LTTNG_ERR_NO_CHANNEL] = "No channel found in the session",
	[LTTNG_ERR_SESSION_INVALID_CHAR] =
		"Invalid character found in session name",
	[LTTNG_ERR_UST_LIST_FAIL] = "Listing UST events failed",
	[LTTNG_ERR_UST_EVENT_EXIST] = "UST event already exist",
	[LTTNG_ERR_UST_EVENT_NOT_FOUND] = "UST event not found",
	[LTTNG_ERR_UST_CONTEXT_EXIST] = "UST context already exist",
	[LTTNG_ERR_UST_CONTEXT_INVAL] = "UST invalid context",
	[LTTNG_ERR_NEED_ROOT_SESSIOND] =
		"Tracing the kernel requires a root lttng-sessiond daemon, as "
		"well as \"tracing\" group membership or root user ID for the "
		"lttng client",
	[LTTNG_ERR_TRACE_ALREADY_STARTED] =
		"Tracing has already been started once",
	[LTTNG_ERR_TRACE_ALREADY_STOPPED] = "Tracing has already been stopped",
	[LTTNG_ERR_KERN_EVENT_ENOSYS] = "Kernel event type not supported",
	[LTTNG_ERR_NEED_CHANNEL_NAME] =
		"Non-default channel exists within session: channel name "
		"needs to be specified with '-c name'",
	[LTTNG_ERR_NO_UST] = "LTTng-UST tracer is not supported. Please "
			     "rebuild lttng-tools with lttng-ust support "
			     "enabled",
	[LTTNG_ERR_SAVE_FILE_EXIST] = "Session file already exists",
	[LTTNG_ERR_SAVE_IO_FAIL] =
		"IO error while writing session configuration",
	[LTTNG_ERR_LOAD_INVALID_CONFIG] = "Invalid session configuration",
	[LTTNG_ERR_LOAD_IO_FAIL] =
		"IO error while reading a session configuration",
	[LTTNG_ERR_LOAD_SESSION_NOENT] = "Session file not found",
	[LTTNG_ERR_MAX_SIZE_INVALID] = "Snapshot max size is invalid",
	[LTTNG_ERR_MI_OUTPUT_TYPE] = "Invalid MI output format",
	[LTTNG_ERR_MI_IO_FAIL] = "IO error while writing MI output",
	[LTTNG_ERR_MI_NOT_IMPLEMENTED] = "Mi feature not implemented",
	[LTTNG_ERR_INVALID] = "Invalid parameter",
	[LTTNG_ERR_NO_USTCONSUMERD] = "No UST consumer detected",
	[LTTNG_ERR_NO_KERNCONSUMERD] = "No kernel consumer detected",
	[LTTNG_ERR_EVENT_EXIST_LOGLEVEL] =
		"Event already enabled with different loglevel",
	[LTTNG_ERR_URL_DATA_MISS] = "Missing data path URL",
	[LTTNG_ERR_URL_CTRL_MISS] = "Missing control path URL",
	[LTTNG_ERR_ENABLE_CONSUMER_FAIL] = "Enabling consumer failed",
	[LTTNG_ERR_RELAYD_CONNECT_FAIL] = "Unable to connect to lttng-relayd",
	[LTTNG_ERR_RELAYD_VERSION_FAIL] = "Relay daemon not compatible",
	[LTTNG_ERR_FILTER_INVAL] = "Invalid filter bytecode",
	[LTTNG_ERR_FILTER_NOMEM] = "Not enough memory for filter bytecode",
	[LTTNG_ERR_FILTER_EXIST] = "Filter already exist",
	[LTTNG_ERR_NO_CONSUMER] = "Consumer not found for recording session",
	[LTTNG_ERR_EXCLUSION_INVAL] = "Invalid event exclusion data",
	[LTTNG_ERR_EXCLUSION_NOMEM] =
		"Lack of memory while processing event exclusions",
	[LTTNG_ERR_INVALID_EVENT_NAME] = "Invalid event name",
	[LTTNG_ERR_INVALID_CHANNEL_NAME] = "Invalid channel name",
	[LTTNG_ERR_PROCESS_ATTR_EXISTS] =
		"Process attribute is already tracked",
	[LTTNG_ERR_PROCESS_ATTR_MISSING] = "Process attribute was not tracked",
	[LTTNG_ERR_INVALID_CHANNEL_DOMAIN] = "Invalid channel domain",
	[LTTNG_ERR_OVERFLOW] = "Overflow occurred",
	[LTTNG_ERR_SESSION_NOT_STARTED] = "Session not started",
	[LTTNG_ERR_LIVE_SESSION] = "Live sessions are not supported",
	[LTTNG_ERR_PER_PID_SESSION] =
		"Per-PID recording sessions are not supported",
	[LTTNG_ERR_KERN_CONTEXT_UNAVAILABLE] =
		"Context unavailable on this kernel",
	[LTTNG_ERR_REGEN_STATEDUMP_FAIL] =
		"Failed to regenerate the state dump",
	[LTTNG_ERR_REGEN_STATEDUMP_NOMEM] =
		"Failed to regenerate the state dump, not enough memory",
	[LTTNG_ERR_NOT_SNAPSHOT_SESSION] =
		"Snapshot command can't be applied to a non-snapshot session",
	[LTTNG_ERR_INVALID_TRIGGER] = "Invalid trigger",
	[LTTNG_ERR_TRIGGER_EXISTS] = "Trigger already registered",
	[LTTNG_ERR_TRIGGER_NOT_FOUND] = "Trigger not found",
	[LTTNG_ERR_COMMAND_CANCELLED] = "Command cancelled",
	[LTTNG_ERR_ROTATION_PENDING] =
		"Rotation already pending for this session",
	[LTTNG_ERR_ROTATION_NOT_AVAILABLE] =
		"Rotation feature not available for this session's creation "
		"mode",
	[LTTNG_ERR_ROTATION_SCHEDULE_SET] =
		"A session rotation schedule of this type is already set on "
		"the session",
	[LTTNG_ERR_ROTATION_SCHEDULE_NOT_SET] =
		"No session rotation schedule of this type is set on the "
		"session",
	[LTTNG_ERR_ROTATION_MULTIPLE_AFTER_STOP] =
		"Session was already rotated once since it became inactive",
	[LTTNG_ERR_ROTATION_WRONG_VERSION] =
		"Session rotation is not supported by this kernel tracer "
		"version",
	[LTTNG_ERR_NO_SESSION_OUTPUT] = "Session has no output",
	[LTTNG_ERR_ROTATION_NOT_AVAILABLE_RELAY] =
		"Rotation feature not available on the relay",
	[LTTNG_ERR_AGENT_TRACING_DISABLED] =
		"Session daemon agent tracing is disabled",
	[LTTNG_ERR_PROBE_LOCATION_INVAL] = "Invalid userspace probe location",
	[LTTNG_ERR_ELF_PARSING] = "ELF parsing error",
	[LTTNG_ERR_SDT_PROBE_SEMAPHORE] = "SDT probe guarded by a semaphore",
	[LTTNG_ERR_ROTATION_FAIL_CONSUMER] = "Rotation failure on consumer",
	[LTTNG_ERR_ROTATE_RENAME_FAIL_CONSUMER] =
		"Rotation rename failure on consumer",
	[LTTNG_ERR_ROTATION_PENDING_LOCAL_FAIL_CONSUMER] =
		"Rotation pending check (local) failure on consumer",
	[LTTNG_ERR_ROTATION_PENDING_RELAY_FAIL_CONSUMER] =
		"Rotation pending check (relay) failure on consumer",
	[LTTNG_ERR_MKDIR_FAIL_CONSUMER] =
		"Directory creation failure on consumer",
	[LTTNG_ERR_CHAN_NOT_FOUND] = "Channel not found",
	[LTTNG_ERR_SNAPSHOT_UNSUPPORTED] =
		"Session configuration does not allow the use of snapshots",
	[LTTNG_ERR_SESSION_NOT_EXIST] = "Recording session does not exist",
	[LTTNG_ERR_CREATE_TRACE_CHUNK_FAIL_CONSUMER] =
		"Trace chunk creation failed on consumer",
	[LTTNG_ERR_CLOSE_TRACE_CHUNK_FAIL_CONSUMER] =
		"Trace chunk close failed on consumer",
	[LTTNG_ERR_TRACE_CHUNK_EXISTS_FAIL_CONSUMER] =
		"Failed to query consumer for trace chunk existence",
	[LTTNG_ERR_INVALID_PROTOCOL] = "Protocol error occurred",
	[LTTNG_ERR_FILE_CREATION_ERROR] = "Failed to create file",
	[LTTNG_ERR_TIMER_STOP_ERROR] = "Failed to stop a timer",
	[LTTNG_ERR_ROTATION_NOT_AVAILABLE_KERNEL] =
		"Rotation feature not supported by the kernel tracer",
	[LTTNG_ERR_CLEAR_RELAY_DISALLOWED] =
		"Relayd daemon peer does not allow sessions to be cleared",
	[LTTNG_ERR_CLEAR_NOT_AVAILABLE_RELAY] =
		"Clearing a session is not supported by the relay daemon",
	[LTTNG_ERR_CLEAR_FAIL_CONSUMER] =
		"Consumer failed to clear the session",
	[LTTNG_ERR_ROTATION_AFTER_STOP_CLEAR] =
		"Session was already cleared since it became inactive",
	[LTTNG_ERR_USER_NOT_FOUND] = "User not found",
	[LTTNG_ERR_GROUP_NOT_FOUND] = "Group not found",
	[LTTNG_ERR_UNSUPPORTED_DOMAIN] = "Unsupported domain used",
	[LTTNG_ERR_PROCESS_ATTR_TRACKER_INVALID_TRACKING_POLICY] =
		"Operation does not apply to the process attribute tracker's "
		"tracking policy",
	[LTTNG_ERR_EVENT_NOTIFIER_GROUP_NOTIFICATION_FD] =
		"Failed to create an event notifier group notification file "
		"descriptor",
	[LTTNG_ERR_INVALID_CAPTURE_EXPRESSION] = "Invalid capture expression",
	[LTTNG_ERR_EVENT_NOTIFIER_REGISTRATION] =
		"Failed to create event notifier",
	[LTTNG_ERR_EVENT_NOTIFIER_ERROR_ACCOUNTING] =
		"Failed to initialize event notifier error accounting",
	[LTTNG_ERR_EVENT_NOTIFIER_ERROR_ACCOUNTING_FULL] =
		"No index available in event notifier error accounting",
	[LTTNG_ERR_INVALID_ERROR_QUERY_TARGET] = "Invalid error query target.",
	[LTTNG_ERR_BUFFER_FLUSH_FAILED] = "Failed to flush stream buffer",
};

LTTNG_API const char *lttng_strerror(int code)
{
	code = abs(code);
	if (code < LTTNG_OK || code >= LTTNG_ERR_NR || !messages[code])
		return messages[LTTNG_ERR_UNK];
	return messages[code];
}
