/* A shared object the listener tests' application dlopen()s. */
int ust_listener_dl_module_answer(void);

int ust_listener_dl_module_answer(void)
{
	return 42;
}
