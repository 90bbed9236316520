#!/usr/bin/env python3
"""package_read.py LAYOUT DIR OUT -- reads a Polygon or HUSTOJ package back (tests/cli/package.sh).

Parses the layout's XML (xml.etree: it must be well-formed), checks that the elements the
format requires are there and that what they name exists, and writes into OUT what the rest of
the test judges: the tests as OUT/NN.in and OUT/NN.ans (HUSTOJ: out of the XML, as NAME.in and
NAME.ans by their name attribute, the sample as sample.in and sample.ans; Polygon: copied
from tests/NN, tests/NN.a as the testset's patterns name them), OUT/sample-input.txt, OUT/tl (the time
limit in seconds) and, for HUSTOJ, OUT/spj.c, OUT/solution.c and OUT/sample.svg (the <img>'s
base64).  Prints what is wrong and exits 1 at the first problem.
"""
import base64
import os
import sys
import xml.etree.ElementTree as ET


def fail(message):
    print("package_read: " + message)
    sys.exit(1)


def need(node, path):
    found = node.find(path)
    if found is None:
        fail("no <%s> in <%s>" % (path, node.tag))
    return found


def write(path, text):
    with open(path, "w", encoding="utf-8", newline="") as out:
        out.write(text)


def polygon(root, pkg, out):
    if root.tag != "problem":
        fail("root <%s>, not <problem>" % root.tag)
    need(root, "names/name").get("value") or fail("<name> has no value")
    statement = need(root, "statements/statement").get("path")
    os.path.isfile(os.path.join(pkg, statement)) or fail("no statement " + statement)
    testset = need(root, "judging/testset")
    tl_ms = int(need(testset, "time-limit").text)
    int(need(testset, "memory-limit").text) > 0 or fail("memory-limit")
    count = int(need(testset, "test-count").text)
    tests = testset.findall("tests/test")
    len(tests) == count or fail("test-count %d, %d <test>" % (count, len(tests)))
    in_pattern = need(testset, "input-path-pattern").text
    ans_pattern = need(testset, "answer-path-pattern").text
    for path in ("assets/checker/source", "assets/validators/validator/source",
                 "assets/solutions/solution/source"):
        source = need(root, path).get("path")
        os.path.isfile(os.path.join(pkg, source)) or fail("<%s> names %s: absent" % (path, source))
    need(root, "assets/solutions/solution").get("tag") == "main" or fail("no main solution")
    need(root, "assets/checker").get("type") == "testlib" or fail("checker not testlib")
    for n, test in enumerate(tests, 1):
        with open(os.path.join(pkg, in_pattern % n), encoding="utf-8", newline="") as f:
            text = f.read()
        with open(os.path.join(pkg, ans_pattern % n), encoding="utf-8", newline="") as f:
            answer = f.read()
        write(os.path.join(out, "%02d.in" % n), text)
        write(os.path.join(out, "%02d.ans" % n), answer)
        if test.get("sample") == "true":
            write(os.path.join(out, "sample-input.txt"), text)
    write(os.path.join(out, "tl"), "%g\n" % (tl_ms / 1000))


def hustoj(root, out):
    if root.tag != "fps":
        fail("root <%s>, not <fps>" % root.tag)
    item = need(root, "item")
    for tag in ("title", "time_limit", "memory_limit", "description", "input", "output",
                "sample_input", "sample_output", "solution", "spj"):
        need(item, tag)
    need(item, "time_limit").get("unit") == "s" or fail("time_limit unit")
    need(item, "memory_limit").get("unit") == "mb" or fail("memory_limit unit")
    need(item, "spj").get("language") == "C" or fail("spj language")
    inputs = item.findall("test_input")
    outputs = item.findall("test_output")
    inputs and len(inputs) == len(outputs) or fail("test_input/test_output pairs")
    # as HUSTOJ's export writes them: each pair named by its data file's name, the names
    # distinct, none "sample" (the import's own sample.in), and no test the sample again
    sample = need(item, "sample_input").text
    names = set()
    for i, o in zip(inputs, outputs):
        name = i.get("name")
        name and name == o.get("name") or fail("test pair without one name: %r" % name)
        name not in names and name != "sample" or fail("test name %s twice" % name)
        i.text != sample or fail("test %s is the sample again" % name)
        names.add(name)
        write(os.path.join(out, name + ".in"), i.text)
        write(os.path.join(out, name + ".ans"), o.text)
    write(os.path.join(out, "sample.in"), sample)
    write(os.path.join(out, "sample.ans"), need(item, "sample_output").text)
    write(os.path.join(out, "sample-input.txt"), sample)
    write(os.path.join(out, "spj.c"), need(item, "spj").text)
    write(os.path.join(out, "solution.c"), need(item, "solution").text)
    src = need(item, "img/src").text
    src in need(item, "description").text or fail("the description shows no " + src)
    with open(os.path.join(out, "sample.svg"), "wb") as f:
        f.write(base64.b64decode(need(item, "img/base64").text, validate=True))
    write(os.path.join(out, "tl"), need(item, "time_limit").text + "\n")


def main():
    layout, pkg, out = sys.argv[1:4]
    os.makedirs(out, exist_ok=True)
    if layout == "polygon":
        polygon(ET.parse(os.path.join(pkg, "problem.xml")).getroot(), pkg, out)
    else:
        xmls = [f for f in os.listdir(pkg) if f.endswith(".xml")]
        sorted(xmls + ["README.txt"]) == sorted(os.listdir(pkg)) and len(xmls) == 1 or \
            fail("not one XML file and README.txt alone")
        hustoj(ET.parse(os.path.join(pkg, xmls[0])).getroot(), out)


if __name__ == "__main__":
    try:
        main()
    except (ET.ParseError, OSError, ValueError, TypeError) as e:
        fail(str(e))
