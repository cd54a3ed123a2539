/*
 * The user space domain's part of the client commands: its entry of
 * the domain table (domain.h), whose operations keep the session's
 * user space channels, rules, contexts and trackers; the apps learn
 * about them through ust-session.h.
 */
#ifndef SESSIOND_UST_CMD_H
#define SESSIOND_UST_CMD_H

#include "domain.h"

extern const struct domain_ops ust_domain_ops;

#endif /* SESSIOND_UST_CMD_H */
