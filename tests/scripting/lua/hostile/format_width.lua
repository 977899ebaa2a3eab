-- expect: invalid conversion
string.format("%0999999999d", 1)
