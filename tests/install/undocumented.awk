# undocumented.awk -- used by tests/install/check.sh on the installed ojdoku.h.
# Prints every function declaration of a header that has no comment of its own: neither on its
# line nor in the comment that ends right above it (or above the group of declarations it is in).
/^[ \t]*$/ { doc = 0; next }
incomment { if ($0 ~ /\*\//) { incomment = 0; doc = 1 } next }
/^[ \t]*\/\*/ { if ($0 !~ /\*\//) incomment = 1; else doc = 1; next }
/^(OJD_EXPORT )?[a-z].*[ *]ojd_[a-z0-9_]*\(/ && !/^typedef/ {
    if ($0 !~ /\/\*/ && !doc) print FILENAME ":" FNR ": " $0
    next
}
/^[ \t]/ { next }          # continuation of a declaration, or a member
{ doc = 0 }
