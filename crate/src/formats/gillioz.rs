//! The JSON of gillioz/MorpionSolitaire (read only): its web grid (`Grid`: the start dots,
//! then one step per move with the line's two ends and the new dot) and its C++ GridDTO
//! (`InitialDots`, `Moves` as [x1, y1, x2, y2, dot x, dot y]). Both may sit in another
//! frame: the start dots tell where the cross is.

use super::error::{self, coordinate, At, Field, ReadError, ReadErrorKind};
use super::json_place::{from_json, ObjectOnly};
use super::Format;
use crate::geom::{Frame, Line, Point};
use crate::record::Record;
use crate::starts::Start;
use crate::variant::{Move, Rule, Variant};
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct GridFile {
    segment_length: u8,
    #[serde(default)]
    no_touching_rule: bool,
    grid: Vec<ObjectOnly<Step>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct Step {
    elements: Vec<ObjectOnly<Element>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct Element {
    #[serde(rename = "Type")]
    kind: String,
    coordinates: Vec<ObjectOnly<Xy>>,
}

#[derive(Deserialize, Clone, Copy)]
struct Xy {
    #[serde(rename = "X")]
    x: i64,
    #[serde(rename = "Y")]
    y: i64,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct DtoFile {
    #[serde(default)]
    disjoint: bool,
    line_length: u8,
    initial_dots: Vec<[i64; 2]>,
    moves: Vec<[i64; 6]>,
}

fn variant_of(f: Format, segments: u8, disjoint: bool) -> Result<Variant, ReadError> {
    let rule = if disjoint { Rule::Disjoint } else { Rule::Touching };
    Variant::new(segments.saturating_add(1), rule)
        .ok_or_else(|| ReadError::new(f, None, ReadErrorKind::LineLength(segments as i64 + 1)))
}

/// The start the file's dots make (`None`: the cross of `v`) and the frame that puts its
/// smallest x and y at 0, the frame of a start (the file writes our (x, y) as
/// (x + dx, y + dy)).
fn start_frame(f: Format, v: Variant, dots: &[(i64, i64)]) -> Result<(Frame, Option<Start>), ReadError> {
    let (start, frame) = super::start_in_frame(f, dots)?;
    Ok((frame, (!start.is_cross(v)).then_some(start)))
}

/// `(x,y)` as the file writes it.
fn written((x, y): (i64, i64)) -> String {
    format!("({x},{y})")
}

fn to_move(
    f: Format,
    v: Variant,
    i: usize,
    a: (i64, i64),
    b: (i64, i64),
    dot: (i64, i64),
    frame: Frame,
) -> Result<Move, ReadError> {
    let err = |kind| ReadError::new(f, Some(At::Move(i + 1)), kind);
    let pt = |(x, y): (i64, i64)| -> Result<Point, ReadError> {
        let x = coordinate(x, &x.to_string(), frame.dx, Field::X).map_err(err)?;
        let y = coordinate(y, &y.to_string(), frame.dy, Field::Y).map_err(err)?;
        Ok(Point::new(x, y))
    };
    let len = v.line_len();
    let line = Line::from_ends(pt(a)?, pt(b)?, len)
        .ok_or_else(|| err(ReadErrorKind::NotALine { from: written(a), to: written(b), len }))?;
    let pos = line.index_of(pt(dot)?, len).ok_or_else(|| {
        err(ReadErrorKind::DotNotOnLine { dot: written(dot), from: written(a), to: written(b) })
    })?;
    Ok(Move::from_line(line, pos))
}

/// An element's points, as the file writes them.
type Points = Vec<(i64, i64)>;

/// A step's elements, each a line or a dot with its points (two ends, or the dot), as
/// gillioz's program reads them: another type, or another number of points, is damage.
fn elements(step: &Step) -> Result<Vec<(error::Element, Points)>, ReadErrorKind> {
    step.elements
        .iter()
        .map(|e| {
            let element = [error::Element::Line, error::Element::Dot]
                .into_iter()
                .find(|element| element.kind() == e.kind)
                .ok_or_else(|| ReadErrorKind::UnknownElement(e.kind.clone()))?;
            let found = e.coordinates.len();
            if found != element.points() {
                return Err(ReadErrorKind::ElementPoints { element, found });
            }
            Ok((element, e.coordinates.iter().map(|c| (c.x, c.y)).collect()))
        })
        .collect()
}

pub(super) fn read_grid(text: &str) -> Result<Record, ReadError> {
    let f = Format::GilliozGrid;
    let file: GridFile = from_json(f, text)?;
    let v = variant_of(f, file.segment_length, file.no_touching_rule)?;
    let (first, steps) =
        file.grid.split_first().ok_or_else(|| ReadError::new(f, None, ReadErrorKind::EmptyGrid))?;
    // the start's step: its dots (each element checked as in a move's step)
    let start: Vec<(i64, i64)> = elements(first)
        .map_err(|kind| ReadError::new(f, Some(At::Start), kind))?
        .into_iter()
        .filter(|(element, _)| *element == error::Element::Dot)
        .flat_map(|(_, points)| points)
        .collect();
    let (frame, start) = start_frame(f, v, &start)?;
    let mut moves = Vec::with_capacity(steps.len());
    for (i, step) in steps.iter().enumerate() {
        let err = |kind| ReadError::new(f, Some(At::Move(i + 1)), kind);
        // a step's line and its new dot, one of each: a second one would be a move left out
        let found = elements(step).map_err(err)?;
        let only = |which| {
            let mut of = found.iter().filter(|(e, _)| *e == which).map(|(_, p)| p);
            let one = of.next().ok_or(ReadErrorKind::MissingElement(which))?;
            match of.next() {
                Some(_) => Err(ReadErrorKind::ExtraElement(which)),
                None => Ok(one),
            }
        };
        let line = only(error::Element::Line).map_err(err)?;
        let dot = only(error::Element::Dot).map_err(err)?;
        moves.push(to_move(f, v, i, line[0], line[1], dot[0], frame)?);
    }
    let mut record = Record::new(Some(v), moves);
    record.start = start;
    record.source.frame = frame;
    Ok(record)
}

pub(super) fn read_dto(text: &str) -> Result<Record, ReadError> {
    let f = Format::GilliozDto;
    let file: DtoFile = from_json(f, text)?;
    let v = variant_of(f, file.line_length, file.disjoint)?;
    let start: Vec<(i64, i64)> = file.initial_dots.iter().map(|d| (d[0], d[1])).collect();
    let (frame, start) = start_frame(f, v, &start)?;
    let moves = file
        .moves
        .iter()
        .enumerate()
        .map(|(i, m)| to_move(f, v, i, (m[0], m[1]), (m[2], m[3]), (m[4], m[5]), frame))
        .collect::<Result<Vec<Move>, ReadError>>()?;
    let mut record = Record::new(Some(v), moves);
    record.start = start;
    record.source.frame = frame;
    Ok(record)
}
