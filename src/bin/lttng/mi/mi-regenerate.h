/*
 * `lttng --mi xml regenerate OBJECT` and `lttng --mi xml metadata
 * regenerate`: the <regenerate_action> (or <metadata_action>) element
 * naming what the command regenerates, as LTTng 2.13 writes it.
 */
#ifndef LTTNG_CLI_MI_REGENERATE_H
#define LTTNG_CLI_MI_REGENERATE_H

/*
 * Writes <element><name>name</name></element> into the <output> of the
 * document begun with mi_command_begin().
 */
void mi_regenerate_action(const char *element, const char *name);

#endif /* LTTNG_CLI_MI_REGENERATE_H */
