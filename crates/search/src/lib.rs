//! gambit-search: under construction.
