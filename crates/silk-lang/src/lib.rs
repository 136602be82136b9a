//! The Silk front end.

pub mod ast;
pub mod diag;
pub mod lexer;
pub mod parser;
pub mod source;
