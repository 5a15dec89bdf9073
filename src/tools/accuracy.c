/* Temporary entry point while the accuracy benchmark is written. */
#include <stdio.h>
int main(void)
{
	fprintf(stderr, "vramplan-accuracy: not built yet\n");
	return 2;
}
