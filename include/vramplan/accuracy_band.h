#ifndef VRAMPLAN_ACCURACY_BAND_H
#define VRAMPLAN_ACCURACY_BAND_H

/*
 * The uncertainty band that `vramplan --explain` prints next to an estimate:
 * the 90th percentile of the absolute relative error of vramplan's estimates
 * against measured runs, in percent, as `vramplan-accuracy` reports it over
 * the ground-truth cases (../shared/groundtruth).
 *
 * A test keeps this number in sync with vramplan-accuracy's p90: when the
 * memory model or the cases change, rerun vramplan-accuracy and update it.
 */
#define VP_ACCURACY_P90_PCT 34.0

#endif
