//! JSON bodies for the answers the HTTP parser gives on its own. A request
//! that never reaches the router (a malformed request line, a repeated or
//! conflicting `Content-Length`, headers over the size limit) is answered
//! by hyper itself, with a status and an empty body, and hyper offers no
//! hook for that answer. This wrapper around the connection recognises such
//! an answer as it is written (`connection: close`, `content-length: 0`,
//! a 4xx or 5xx status: the router's own error answers always carry a JSON
//! body) and writes the same status with a JSON body saying what was wrong.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// `inner`, its parser's bodiless error answers rewritten to carry JSON.
pub struct ParseErrorsAsJson<S> {
    inner: S,
    /// A rewritten answer being written, how much of it is out, and the
    /// length of the original to report once it all is.
    rewritten: Option<(Vec<u8>, usize, usize)>,
}

impl<S> ParseErrorsAsJson<S> {
    pub fn new(inner: S) -> ParseErrorsAsJson<S> {
        ParseErrorsAsJson { inner, rewritten: None }
    }
}

/// The JSON answer for `head`, if it is one of the parser's own.
fn rewrite(head: &[u8]) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(head).ok()?;
    let status_line = text.strip_prefix("HTTP/1.1 ")?.split("\r\n").next()?;
    let code: u16 = status_line.get(..3)?.parse().ok()?;
    let lower = text.to_ascii_lowercase();
    if code < 400 || !text.ends_with("\r\n\r\n") || !lower.contains("\r\nconnection: close\r\n") {
        return None;
    }
    if !lower.contains("\r\ncontent-length: 0\r\n") {
        return None;
    }
    let sentence = match code {
        400 => {
            "the request is malformed: it cannot be read as HTTP/1.1 (its request line, or conflicting or \
                repeated Content-Length or Transfer-Encoding headers)"
        }
        414 => "the request's address is too long",
        431 => "the request's headers are too large (a cookie or another header over the limit, or too many headers)",
        505 => "only HTTP/1.1 is served here",
        _ => "the request cannot be read",
    };
    let body = serde_json::json!({ "error": sentence }).to_string();
    let date = text.split("\r\n").find(|line| line.to_ascii_lowercase().starts_with("date: "));
    let mut answer = format!(
        "HTTP/1.1 {status_line}\r\ncontent-type: application/json\r\nconnection: close\r\ncontent-length: {}\r\n",
        body.len()
    );
    if let Some(date) = date {
        answer.push_str(date);
        answer.push_str("\r\n");
    }
    answer.push_str("\r\n");
    answer.push_str(&body);
    Some(answer.into_bytes())
}

impl<S: AsyncRead + Unpin> AsyncRead for ParseErrorsAsJson<S> {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for ParseErrorsAsJson<S> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, data: &[u8]) -> Poll<io::Result<usize>> {
        if self.rewritten.is_none() {
            // Only a whole bodiless head can be a parser's answer.
            match (data.len() < 512 && data.starts_with(b"HTTP/1.1 ")).then(|| rewrite(data)).flatten() {
                Some(answer) => self.rewritten = Some((answer, 0, data.len())),
                None => return Pin::new(&mut self.inner).poll_write(cx, data),
            }
        }
        let this = &mut *self;
        let (answer, written, reported) = this.rewritten.as_mut().expect("set above");
        while *written < answer.len() {
            match Pin::new(&mut this.inner).poll_write(cx, &answer[*written..]) {
                Poll::Ready(Ok(0)) => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                Poll::Ready(Ok(n)) => *written += n,
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Pending => return Poll::Pending,
            }
        }
        let reported = *reported;
        this.rewritten = None;
        Poll::Ready(Ok(reported))
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parsers_bodiless_answers_get_a_json_body_and_others_pass() {
        let head = b"HTTP/1.1 431 Request Header Fields Too Large\r\nconnection: close\r\ncontent-length: 0\r\n\
                     date: Thu, 26 Nov 2026 21:29:45 GMT\r\n\r\n";
        let answer = String::from_utf8(rewrite(head).unwrap()).unwrap();
        let (head, body) = answer.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 431 Request Header Fields Too Large\r\n"), "{head}");
        assert!(head.contains("content-type: application/json") && head.contains("date: Thu"), "{head}");
        assert!(head.contains(&format!("content-length: {}", body.len())), "{head}");
        let json: serde_json::Value = serde_json::from_str(body).unwrap();
        assert!(json["error"].as_str().unwrap().contains("headers are too large"));
        // The router's answers: a body, or a success.
        assert!(rewrite(b"HTTP/1.1 404 Not Found\r\nconnection: close\r\ncontent-length: 20\r\n\r\n").is_none());
        assert!(rewrite(b"HTTP/1.1 200 OK\r\nconnection: close\r\ncontent-length: 0\r\n\r\n").is_none());
        assert!(rewrite(b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n").is_none(), "kept alive");
    }
}
