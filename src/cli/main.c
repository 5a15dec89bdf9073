/* Temporary entry point while the CLI is written; replaced by cli.c. */
#include <stdio.h>
int main(void)
{
	printf("vramplan %s\n", VRAMPLAN_VERSION);
	return 0;
}
