pub mod symbolic;
