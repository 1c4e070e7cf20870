//! Tests (to come).
