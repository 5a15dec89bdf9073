#ifndef VRAMPLAN_TEST_CATALOG_FIXTURE_H
#define VRAMPLAN_TEST_CATALOG_FIXTURE_H

/*
 * The built-in catalogue, loaded once per cmocka group: the group setup and
 * teardown of the unit tests that look models and GPUs up by name. Include
 * after <cmocka.h>.
 */

#include "vramplan/catalog.h"

static struct vp_catalog cat;

static int load_catalog(void **state)
{
	struct vp_error err = {0};

	(void)state;
	return vp_catalog_load_builtin(&cat, &err);
}

static int free_catalog(void **state)
{
	(void)state;
	vp_catalog_free(&cat);
	return 0;
}

#endif
