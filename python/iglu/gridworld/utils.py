"""The reference's ``gridworld.utils`` names that describe the world (its rendering and physics
helpers are the core's and are not exposed): the build zone and the colour ids."""
BUILD_ZONE_SIZE_X = 11
BUILD_ZONE_SIZE_Z = 11
BUILD_ZONE_SIZE = 9, 11, 11

WHITE = -1
GREY = 0
BLUE = 1
GREEN = 2
RED = 3
ORANGE = 4
PURPLE = 5
YELLOW = 6
