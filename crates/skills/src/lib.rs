//! gambit-skills: under construction.
