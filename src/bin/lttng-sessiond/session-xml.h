/*
 * The configuration of a recording session as the XML `lttng save`
 * writes (the session.xsd format): domains, channels with all their
 * attributes, recording event rules, context fields, process attribute
 * trackers, output, snapshot mode and activity. cmd-save.c calls it
 * with the session lock held.
 */
#ifndef SESSIOND_SESSION_XML_H
#define SESSIOND_SESSION_XML_H

#include "config/xml-writer.h"

struct session;

/*
 * Append <session>...</session> to w (inside <sessions>). Returns
 * LTTNG_OK or LTTNG_ERR_NOMEM / LTTNG_ERR_INVALID.
 */
int session_xml_write(struct xml_writer *w, const struct session *session);

#endif /* SESSIOND_SESSION_XML_H */
