#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, and its encoding.h then includes the system's ICU headers,
// which clash with the ICU that Foundation bundles. Peel uses only libxml2's own UTF-8 support and
// never touches xmlCharEncodingHandler (whose two ICU fields are all this changes), so ICU is left out.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlwriter.h>
#include <libxml/xmlschemas.h>
#include <libxml/HTMLparser.h>
