//! Reads a record body (`serde_json::Value`) into its type, accepting structs only as JSON
//! objects — which is all the stored realm ever holds — for a smaller wasm build.
//!
//! serde's derive gives every struct two readers: one for a JSON object (`visit_map`) and one for
//! a JSON array of its fields in order (`visit_seq`). `serde_json::from_value` can be handed
//! either shape, so both are compiled for every record type, and the array reader is a third of
//! the code that turns records into a realm (the largest single piece of the map page's wasm).
//! [`from_value`] reads the same JSON with the same messages, except that a struct written as an
//! array is refused ("invalid type: sequence, expected struct Photo"), so the array readers are
//! never instantiated and the linker drops them.
//!
//! Everything else is delegated to `serde_json::Value`'s own deserializer (numbers, strings,
//! booleans, unit variants), so values read exactly as `serde_json::from_value` reads them. Map
//! keys are read as strings, which is what every record's maps (struct fields) have.

use serde::de::value::StringDeserializer;
use serde::de::{
    self, DeserializeOwned, DeserializeSeed, Deserializer, EnumAccess, IntoDeserializer, MapAccess,
    SeqAccess, Unexpected, VariantAccess, Visitor,
};
use serde_json::{Error, Map, Value};

/// Reads `value` as a `T`, structs as JSON objects only (see the module docs).
pub fn from_value<T: DeserializeOwned>(value: Value) -> Result<T, Error> {
    T::deserialize(Reader(value))
}

/// One value being read.
pub(crate) struct Reader(pub(crate) Value);

/// What a value is, for "invalid type" messages (the words serde_json's own reader uses).
fn unexpected(v: &Value) -> Unexpected<'_> {
    match v {
        Value::Null => Unexpected::Unit,
        Value::Bool(b) => Unexpected::Bool(*b),
        Value::Number(n) => match (n.as_u64(), n.as_i64(), n.as_f64()) {
            (Some(u), _, _) => Unexpected::Unsigned(u),
            (_, Some(i), _) => Unexpected::Signed(i),
            (_, _, Some(f)) => Unexpected::Float(f),
            _ => Unexpected::Other("number"),
        },
        Value::String(s) => Unexpected::Str(s),
        Value::Array(_) => Unexpected::Seq,
        Value::Object(_) => Unexpected::Map,
    }
}

fn read_array<'de, V: Visitor<'de>>(items: Vec<Value>, visitor: V) -> Result<V::Value, Error> {
    let len = items.len();
    let mut seq = Items(items.into_iter());
    let out = visitor.visit_seq(&mut seq)?;
    if seq.0.len() == 0 {
        Ok(out)
    } else {
        Err(de::Error::invalid_length(len, &"fewer elements in array"))
    }
}

fn read_object<'de, V: Visitor<'de>>(
    fields: Map<String, Value>,
    visitor: V,
) -> Result<V::Value, Error> {
    let len = fields.len();
    let mut map = Fields {
        iter: fields.into_iter(),
        value: None,
    };
    let out = visitor.visit_map(&mut map)?;
    if map.iter.len() == 0 {
        Ok(out)
    } else {
        Err(de::Error::invalid_length(len, &"fewer elements in map"))
    }
}

/// Primitives go to `Value`'s own reader, so they read (and fail) exactly as there.
macro_rules! delegate {
    ($($method:ident)*) => {
        $(fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            self.0.$method(visitor)
        })*
    };
}

impl<'de> Deserializer<'de> for Reader {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Array(items) => read_array(items, visitor),
            Value::Object(fields) => read_object(fields, visitor),
            other => other.deserialize_any(visitor),
        }
    }

    delegate! {
        deserialize_bool deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64 deserialize_f32
        deserialize_f64 deserialize_char deserialize_str deserialize_string deserialize_bytes
        deserialize_byte_buf deserialize_unit deserialize_identifier deserialize_ignored_any
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.0.deserialize_unit_struct(name, visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Null => visitor.visit_none(),
            other => visitor.visit_some(Reader(other)),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Array(items) => read_array(items, visitor),
            other => Err(de::Error::invalid_type(unexpected(&other), &visitor)),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Object(fields) => read_object(fields, visitor),
            other => Err(de::Error::invalid_type(unexpected(&other), &visitor)),
        }
    }

    /// The point of this reader: a struct is an object, never an array.
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_map(visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.0 {
            // A unit variant: `"Plains"`.
            Value::String(variant) => visitor.visit_enum(Variant {
                name: variant,
                value: None,
            }),
            // Any other variant: `{"Grudge": {"target": 3}}`, exactly one key.
            Value::Object(fields) => {
                let mut iter = fields.into_iter();
                match (iter.next(), iter.next()) {
                    (Some((name, value)), None) => visitor.visit_enum(Variant {
                        name,
                        value: Some(value),
                    }),
                    _ => Err(de::Error::invalid_value(
                        Unexpected::Map,
                        &"map with a single key",
                    )),
                }
            }
            other => Err(de::Error::invalid_type(
                unexpected(&other),
                &"string or map",
            )),
        }
    }
}

/// An array's items, each read with [`Reader`].
struct Items(std::vec::IntoIter<Value>);

impl<'de> SeqAccess<'de> for Items {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        self.0
            .next()
            .map(|v| seed.deserialize(Reader(v)))
            .transpose()
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.0.len())
    }
}

/// An object's fields: keys read as strings, values with [`Reader`].
struct Fields {
    iter: serde_json::map::IntoIter,
    value: Option<Value>,
}

impl<'de> MapAccess<'de> for Fields {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        match self.iter.next() {
            Some((key, value)) => {
                self.value = Some(value);
                let key: StringDeserializer<Error> = key.into_deserializer();
                seed.deserialize(key).map(Some)
            }
            None => Ok(None),
        }
    }

    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, Error> {
        match self.value.take() {
            Some(value) => seed.deserialize(Reader(value)),
            None => Err(de::Error::custom("value is missing")),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.iter.len())
    }
}

/// An enum's variant: its name, and its content unless it is a unit variant.
struct Variant {
    name: String,
    value: Option<Value>,
}

impl<'de> EnumAccess<'de> for Variant {
    type Error = Error;
    type Variant = Content;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Content), Error> {
        let name: StringDeserializer<Error> = self.name.into_deserializer();
        Ok((seed.deserialize(name)?, Content(self.value)))
    }
}

/// What a variant holds.
struct Content(Option<Value>);

impl<'de> VariantAccess<'de> for Content {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        match self.0 {
            None | Some(Value::Null) => Ok(()),
            Some(other) => Err(de::Error::invalid_type(unexpected(&other), &"unit variant")),
        }
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        match self.0 {
            Some(value) => seed.deserialize(Reader(value)),
            None => Err(de::Error::invalid_type(
                Unexpected::UnitVariant,
                &"newtype variant",
            )),
        }
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Some(Value::Array(items)) => read_array(items, visitor),
            Some(other) => Err(de::Error::invalid_type(
                unexpected(&other),
                &"tuple variant",
            )),
            None => Err(de::Error::invalid_type(
                Unexpected::UnitVariant,
                &"tuple variant",
            )),
        }
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.0 {
            Some(Value::Object(fields)) => read_object(fields, visitor),
            Some(other) => Err(de::Error::invalid_type(
                unexpected(&other),
                &"struct variant",
            )),
            None => Err(de::Error::invalid_type(
                Unexpected::UnitVariant,
                &"struct variant",
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    #[derive(Debug, PartialEq, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Row {
        id: u64,
        name: String,
        #[serde(default)]
        weight: Option<f64>,
        tags: Vec<Tag>,
        pair: (u8, i32),
    }

    #[derive(Debug, PartialEq, serde::Deserialize)]
    enum Tag {
        Plain,
        Count(u32),
        Point { x: i64, y: i64 },
        Both(u8, u8),
    }

    fn both(v: Value) -> (Result<Row, String>, Result<Row, String>) {
        (
            from_value::<Row>(v.clone()).map_err(|e| e.to_string()),
            serde_json::from_value::<Row>(v).map_err(|e| e.to_string()),
        )
    }

    #[test]
    fn objects_read_and_fail_with_serde_jsons_words() {
        let good = json!({"id": 3, "name": "Ada", "tags": ["Plain", {"Count": 2},
            {"Point": {"x": -1, "y": 4}}, {"Both": [1, 2]}], "pair": [7, -8]});
        let (ours, theirs) = both(good);
        assert_eq!(ours, theirs);
        assert!(ours.is_ok());
        for bad in [
            json!({"id": "3", "name": "Ada", "tags": [], "pair": [1, 2]}),
            json!({"id": 3, "tags": [], "pair": [1, 2]}),
            json!({"id": 3, "name": "Ada", "tags": [], "pair": [1, 2], "extra": 1}),
            json!({"id": 3, "name": "Ada", "tags": ["Nope"], "pair": [1, 2]}),
            json!({"id": 3, "name": "Ada", "tags": [{"Count": 1, "Plain": null}], "pair": [1, 2]}),
            json!({"id": 3, "name": "Ada", "tags": [], "pair": [1, 2, 3]}),
            json!({"id": -3, "name": "Ada", "tags": [], "pair": [1, 2]}),
            json!({"id": 3, "name": "Ada", "tags": [], "pair": [300, 2]}),
            json!({"id": 3, "name": "Ada", "weight": "x", "tags": [], "pair": [1, 2]}),
        ] {
            let (ours, theirs) = both(bad.clone());
            assert!(ours.is_err(), "{bad}");
            assert_eq!(ours, theirs, "{bad}");
        }
    }

    #[test]
    fn a_struct_written_as_an_array_is_refused() {
        let v = json!([3, "Ada", null, [], [1, 2]]);
        assert!(serde_json::from_value::<Row>(v.clone()).is_ok());
        let err = from_value::<Row>(v).unwrap_err().to_string();
        assert_eq!(err, "invalid type: sequence, expected struct Row");
    }

    proptest! {
        /// Numbers read exactly as serde_json reads them, in range or not.
        #[test]
        fn numbers_read_as_serde_json_reads_them(x in any::<f64>(), i in any::<i64>(), u in any::<u64>()) {
            for v in [json!(x), json!(i), json!(u)] {
                let row = json!({"id": v.clone(), "name": "n", "weight": v, "tags": [], "pair": [1, 2]});
                let (ours, theirs) = both(row);
                prop_assert_eq!(ours, theirs);
            }
        }
    }
}
