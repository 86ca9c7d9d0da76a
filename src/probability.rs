//! Probabilities: numbers from 0 to 1, checked once where they come in (braiding, the growing
//! tree's mixed pick, documents read back).

use crate::grid::{MazeError, Result};
use std::fmt;
use std::str::FromStr;

/// A probability: a number from 0 to 1 (never NaN).
///
/// Parses from text such as `0.25` and displays as the number it holds.
///
/// ```
/// use mazegen::Probability;
///
/// let p: Probability = "0.25".parse()?;
/// assert_eq!(p.get(), 0.25);
/// assert!(Probability::new(1.5).is_err());
/// assert!("NaN".parse::<Probability>().is_err());
/// # Ok::<(), mazegen::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub struct Probability(f64);

impl Probability {
    /// `p` as a probability; [`MazeError::InvalidProbability`] unless `0 <= p <= 1`.
    pub fn new(p: f64) -> Result<Self> {
        if (0.0..=1.0).contains(&p) {
            Ok(Self(p))
        } else {
            Err(MazeError::InvalidProbability {
                value: p.to_string(),
            })
        }
    }

    /// The probability as a number from 0 to 1.
    pub const fn get(self) -> f64 {
        self.0
    }
}

impl FromStr for Probability {
    type Err = MazeError;

    /// Parses a number from 0 to 1; anything else is refused naming the text.
    fn from_str(text: &str) -> Result<Self> {
        let p: f64 = text.parse().map_err(|_| MazeError::InvalidProbability {
            value: format!("'{text}'"),
        })?;
        Self::new(p)
    }
}

impl fmt::Display for Probability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Never NaN, so equality is an equivalence.
impl Eq for Probability {}

/// As the number it holds.
impl serde::Serialize for Probability {
    fn serialize<S: serde::Serializer>(
        &self,
        serializer: S,
    ) -> std::result::Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.0)
    }
}

/// From a number from 0 to 1; anything else is refused.
impl<'de> serde::Deserialize<'de> for Probability {
    fn deserialize<D: serde::Deserializer<'de>>(
        deserializer: D,
    ) -> std::result::Result<Self, D::Error> {
        let p = f64::deserialize(deserializer)?;
        Self::new(p).map_err(serde::de::Error::custom)
    }
}

impl From<Probability> for f64 {
    fn from(p: Probability) -> f64 {
        p.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probabilities_are_numbers_from_0_to_1() {
        for (text, p) in [("0", 0.0), ("0.25", 0.25), ("1", 1.0), ("1e-3", 0.001)] {
            let parsed: Probability = text.parse().unwrap();
            assert_eq!(parsed.get(), p);
            assert_eq!(Probability::new(p), Ok(parsed));
        }
        assert_eq!(Probability::new(0.75).unwrap().to_string(), "0.75");
    }

    #[test]
    fn everything_else_is_refused_naming_the_value_and_the_range() {
        let message = |text: &str| text.parse::<Probability>().unwrap_err().to_string();
        assert_eq!(
            message("1.5"),
            "1.5 is not a probability: expected a number from 0 to 1"
        );
        assert_eq!(
            message("-0.1"),
            "-0.1 is not a probability: expected a number from 0 to 1"
        );
        assert_eq!(
            message("x"),
            "'x' is not a probability: expected a number from 0 to 1"
        );
        for bad in ["NaN", "inf", "-inf", ""] {
            assert!(message(bad).contains("is not a probability"), "{bad}");
        }
        assert!(Probability::new(f64::NAN).is_err());
    }
}
