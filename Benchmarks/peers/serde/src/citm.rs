//! citm_catalog.json, as serde's json-benchmark models it (src/copy/citm_catalog.rs).

use serde_derive::{Deserialize, Serialize};
use std::collections::BTreeMap;

use crate::support::{EmptyArray, NumberString};

type Id = u32;
type IdKey = NumberString<u32>;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Catalog {
    pub area_names: BTreeMap<IdKey, String>,
    pub audience_sub_category_names: BTreeMap<IdKey, String>,
    pub block_names: BTreeMap<IdKey, String>,
    pub events: BTreeMap<IdKey, Event>,
    pub performances: Vec<Performance>,
    pub seat_category_names: BTreeMap<IdKey, String>,
    pub sub_topic_names: BTreeMap<IdKey, String>,
    pub subject_names: BTreeMap<IdKey, String>,
    pub topic_names: BTreeMap<IdKey, String>,
    pub topic_sub_topics: BTreeMap<IdKey, Vec<Id>>,
    pub venue_names: BTreeMap<String, String>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Event {
    pub description: (),
    pub id: Id,
    pub logo: Option<String>,
    pub name: String,
    pub sub_topic_ids: Vec<Id>,
    pub subject_code: (),
    pub subtitle: (),
    pub topic_ids: Vec<Id>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Performance {
    pub event_id: Id,
    pub id: Id,
    pub logo: Option<String>,
    pub name: (),
    pub prices: Vec<Price>,
    pub seat_categories: Vec<SeatCategory>,
    pub seat_map_image: (),
    pub start: u64,
    pub venue_code: String,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Price {
    pub amount: u32,
    pub audience_sub_category_id: Id,
    pub seat_category_id: Id,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct SeatCategory {
    pub areas: Vec<Area>,
    pub seat_category_id: Id,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Area {
    pub area_id: Id,
    pub block_ids: EmptyArray,
}
