#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H
#include <sqlite3.h>

/* sqlite3_db_config is variadic, which Swift cannot call: one fixed-arity wrapper for the
   integer options (SQLITE_DBCONFIG_DEFENSIVE, SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER, ...). */
static inline int csqlite_db_config_int(sqlite3 *db, int option, int value) {
    return sqlite3_db_config(db, option, value, (int *)0);
}
#endif
