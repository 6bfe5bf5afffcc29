//! The field types of serde's json-benchmark models that are not plain Rust
//! types: integers written as strings, hex colours, always-empty arrays, and
//! string enums.

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};
use std::fmt;
use std::marker::PhantomData;
use std::str::FromStr;

/// An integer written as a JSON string (`"505874924095815681"`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct NumberString<T>(pub T);

impl<T: fmt::Display> Serialize for NumberString<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0)
    }
}

impl<'de, T: FromStr> Deserialize<'de> for NumberString<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct NumberVisitor<T>(PhantomData<T>);
        impl<'de, T: FromStr> Visitor<'de> for NumberVisitor<T> {
            type Value = NumberString<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an integer in a string")
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<Self::Value, E> {
                text.parse().map(NumberString).map_err(|_| E::invalid_value(de::Unexpected::Str(text), &self))
            }
        }
        deserializer.deserialize_str(NumberVisitor(PhantomData))
    }
}

/// An RGB colour written as six hex digits (`"C0DEED"`).
#[derive(Clone, Copy)]
pub struct Color(pub u32);

impl Serialize for Color {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        const DIGITS: &[u8; 16] = b"0123456789ABCDEF";
        let mut text = [0u8; 6];
        for (index, byte) in text.iter_mut().enumerate() {
            *byte = DIGITS[((self.0 >> (20 - 4 * index)) & 0xF) as usize];
        }
        // The six bytes are ASCII hex digits.
        serializer.serialize_str(std::str::from_utf8(&text).unwrap_or_default())
    }
}

impl<'de> Deserialize<'de> for Color {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ColorVisitor;
        impl<'de> Visitor<'de> for ColorVisitor {
            type Value = Color;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("six hex digits")
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<Color, E> {
                u32::from_str_radix(text, 16).map(Color).map_err(|_| E::invalid_value(de::Unexpected::Str(text), &self))
            }
        }
        deserializer.deserialize_str(ColorVisitor)
    }
}

/// An array that is always empty in the corpus.
#[derive(Clone, Copy)]
pub struct EmptyArray;

impl Serialize for EmptyArray {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        [(); 0].serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for EmptyArray {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct EmptyVisitor;
        impl<'de> Visitor<'de> for EmptyVisitor {
            type Value = EmptyArray;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an empty array")
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<EmptyArray, A::Error> {
                match seq.next_element::<de::IgnoredAny>()? {
                    None => Ok(EmptyArray),
                    Some(_) => Err(de::Error::invalid_length(1, &self)),
                }
            }
        }
        deserializer.deserialize_seq(EmptyVisitor)
    }
}

/// A fieldless enum read from and written as fixed strings.
macro_rules! string_enum {
    ($name:ident { $($case:ident = $text:expr),* $(,)? }) => {
        #[derive(Clone, Copy)]
        pub enum $name { $($case),* }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(match self { $($name::$case => $text),* })
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                struct EnumVisitor;
                impl<'de> serde::de::Visitor<'de> for EnumVisitor {
                    type Value = $name;
                    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                        f.write_str(concat!("a ", stringify!($name)))
                    }
                    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<$name, E> {
                        match text {
                            $($text => Ok($name::$case),)*
                            _ => Err(E::invalid_value(serde::de::Unexpected::Str(text), &self)),
                        }
                    }
                }
                deserializer.deserialize_str(EnumVisitor)
            }
        }
    };
}
pub(crate) use string_enum;
