/*
 * The list of the event classes of ust-many-events-app: ev000 to ev119,
 * in four shapes (A, B, C, D, in turn). MANY_EVENTS(A, B, C, D) expands
 * A(000) B(001) C(002) D(003) A(004) ...: the provider header defines
 * the event classes with it, the app emits each with it.
 */
#ifndef MANYEVENTS_LIST_H
#define MANYEVENTS_LIST_H

#define MANY_EVENTS_NR 120

#define MANY_TEN(p, A, B, C, D)                                        \
	A(p##0) B(p##1) C(p##2) D(p##3) A(p##4) B(p##5) C(p##6) D(p##7) \
		A(p##8) B(p##9)

/* Shapes rotate by two every ten events: 0 starts with A, 1 with C... */
#define MANY_TEN_ODD(p, A, B, C, D) MANY_TEN(p, C, D, A, B)

#define MANY_EVENTS(A, B, C, D)                                        \
	MANY_TEN(00, A, B, C, D) MANY_TEN_ODD(01, A, B, C, D)          \
	MANY_TEN(02, A, B, C, D) MANY_TEN_ODD(03, A, B, C, D)          \
	MANY_TEN(04, A, B, C, D) MANY_TEN_ODD(05, A, B, C, D)          \
	MANY_TEN(06, A, B, C, D) MANY_TEN_ODD(07, A, B, C, D)          \
	MANY_TEN(08, A, B, C, D) MANY_TEN_ODD(09, A, B, C, D)          \
	MANY_TEN(10, A, B, C, D) MANY_TEN_ODD(11, A, B, C, D)

#endif /* MANYEVENTS_LIST_H */
